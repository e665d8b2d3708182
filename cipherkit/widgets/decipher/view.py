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

from cipherkit.core.protocol import Event, Seat
from cipherkit.core.session import LoggedEvent
from cipherkit.games.decipher.cards import Card
from cipherkit.games.decipher.observation import DecipherObservation, PileCard
from cipherkit.games.decipher.rules import card_score

LOG_TURNS = 3
"""How many turns back the log reaches: the current turn and both players' last turns
(the mover's own last turn only until they play a card: the memory rule)."""

HIT_WORDS = (
    "A hit: the top card played on a hidden card shares its suit or its rank; "
    "its owner marks it with a penny, which stays until that pile's top card changes."
)
"""How a hit (and its penny) is explained where the log first names one."""


def pretty(card: str) -> str:
    """``"QS"`` -> ``"Q♠"``.

    >>> pretty("TH")
    '10♥'
    """
    return Card.parse(card).pretty


RANK_WORDS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def card_words(card: str) -> str:
    """A card as a screen reader should say it: ``"QS"`` -> ``"queen of spades"``.

    >>> card_words("TH"), card_words("7C")
    ('10 of hearts', '7 of clubs')
    """
    return f"{RANK_WORDS.get(card[:-1], card[:-1])} of {SUIT_WORDS[card[-1]]}"


def _who(seat: Seat, human: Seat) -> str:
    return "you" if seat == human else "bot"


def _columns_words(hits: Sequence[bool]) -> str:
    return ", ".join(f"column {c + 1} {'hit' if h else 'miss'}" for c, h in enumerate(hits))


def event_words(event: Event, human: Seat, *, explain: bool = False) -> str:
    """One public event in plain words, from the human's point of view.

    >>> from cipherkit.core.protocol import Event
    >>> event_words(Event("play", {"seat": 1, "column": 0, "card": "QS"}), human=0)
    'The bot plays Q♠ on column 1 of your code.'
    >>> event_words(Event("evaluate", {"seat": 1, "hits": [True, False, False]}), human=0)
    "Your hits on the bot's code: column 1 hit, column 2 miss, column 3 miss."

    With ``explain``, the words say what a hit and a penny are (the log's first hits).
    """
    data = event.data
    mine = data.get("seat") == human
    kind = event.kind
    if kind == "play":
        card = pretty(data["card"])
        column = data["column"] + 1
        if mine:
            return f"You play {card} on column {column}."
        return f"The bot plays {card} on column {column} of your code."
    if kind == "skip":
        return f"{'You skip' if mine else 'The bot skips'} column {data['column'] + 1}."
    if kind == "draw":
        n = data["count"]
        cards = f"{n} card{'s' * (n != 1)}"
        return f"You draw {cards}." if mine else f"The bot draws {cards}."
    if kind == "evaluate":
        # ``seat`` is the player who marks hits on their own code.
        if mine:
            words = f"The bot's hits on your code: {_columns_words(data['hits'])}."
        else:
            words = f"Your hits on the bot's code: {_columns_words(data['hits'])}."
        return f"{words} ({HIT_WORDS})" if explain else words
    if kind == "break":
        why = " (the deck is exhausted)" if data.get("forced") else ""
        who = "You break" if mine else "The bot breaks"
        first = "you guess" if mine else "the bot guesses"
        return f"{who} the code{why}! Guessing begins: {first} first."
    if kind == "guess":
        who = "You write" if mine else "The bot writes"
        return f"{who} a guess for column {data['column'] + 1}."
    if kind == "reveal":
        scores = data["scores"]
        you, bot = scores[human], scores[1 - human]
        return f"The codes are revealed. Final score: you {you}, the bot {bot}."
    return event.text


def journal(opening: str, log: Iterable[LoggedEvent], human: Seat) -> list[tuple[int, str]]:
    """The log for :func:`build_view`: ``(turn_number, words)`` pairs, oldest first.

    ``opening`` is the first line (turn 1); then each public event of a session's log
    (:attr:`~cipherkit.core.session.Session.log`) in words. A turn ends with the
    ``evaluate`` event (the hits are marked), so the turn number of each line is counted
    from the events alone.

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
        lines.append((turn, event_words(logged.event, human, explain=first)))
        if logged.event.kind == "evaluate":
            turn += 1
    return lines


class PileView(TypedDict):
    """A pile as the page draws it: its top card, its size, and (only on the column being
    played or guessed: the memory rule) the cards under the top, oldest first."""

    top: PileCard | None
    count: int
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


class BoardWords(TypedDict):
    """The board as a table for a screen reader: a header per column, a row per place."""

    headers: list[str]
    rows: list[list[str]]


class Scores(TypedDict):
    """The final scores, the person's and the bot's."""

    you: int
    bot: int


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


def _pile(entries: Sequence[PileCard], with_history: bool) -> PileView:
    top = entries[-1] if entries else None
    return {
        "top": None if top is None else {"card": top["card"], "hit": top["hit"]},
        "count": len(entries),
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
        return "exact card"
    if g.rank == t.rank:
        return "same rank"
    if g.suit == t.suit:
        return "same suit"
    return "no match"


def legal_texts(legal: Sequence[Any]) -> list[str]:
    """Legal actions as text, all guesses folded into the single word ``"guess"``."""
    texts = [str(a) for a in legal]
    guesses = [t for t in texts if t.startswith("guess ")]
    rest = [t for t in texts if not t.startswith("guess ")]
    return [*rest, "guess"] if guesses else rest


def status_line(obs: Mapping[str, Any], human: Seat, *, thinking: bool) -> str:
    """The one-line instruction shown above the table."""
    phase = obs["phase"]
    column = obs["column"]
    if phase == "over":
        outcome = obs["outcome"] or {}
        if outcome.get("draw"):
            return "The game is over: a draw."
        if human in outcome.get("winners", []):
            return "The game is over: you win!"
        return "The game is over: the bot wins."
    if thinking or obs["actors"] != [human]:
        if phase == "guess":
            return "The bot is writing its guesses…"
        return "The bot is thinking…"
    if phase == "guess":
        return (
            f"Guess the bot's card in column {column + 1}: pick a rank and a suit, "
            "then press Guess."
        )
    if obs["must_break"]:
        return "The deck is exhausted and a hand is empty: you must Break the Code."
    first_turn = not any(obs["piles"][human])
    if first_turn and column == 0 and obs["played_this_turn"] == 0:
        return "Your first turn: play one card on each column, starting with column 1."
    line = f"Your turn, column {column + 1}: click a card in your hand to play it here, or Skip."
    if column == 0:
        line += " Or Break the Code now and start guessing."
    return line


def turn_line(obs: Mapping[str, Any], human: Seat, *, acting: bool) -> str:
    """The short line pinned above the table while it is the person's turn (else ``""``).

    >>> from cipherkit.games.decipher import new_game
    >>> state = new_game({"first_player": 0}, seed=3)
    >>> turn_line(state.observe(0), 0, acting=True)
    'Your turn: play a card on column 1, skip it, or break the code.'
    """
    if not acting:
        return ""
    column = obs["column"] + 1
    if obs["phase"] == "guess":
        return f"Your turn: guess the bot's card in column {column}."
    if obs["must_break"]:
        return "Your turn: break the code (the deck is exhausted)."
    if obs["column"] == 0:
        return f"Your turn: play a card on column {column}, skip it, or break the code."
    return f"Your turn: play a card on column {column} or skip it."


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
    explained = f" ({HIT_WORDS})"
    lines = [w for t, w in log if t == turn - 1] if fresh_turn else [w for _, w in log[-1:]]
    lines = [w.replace(explained, "") for w in lines[-6:]]
    return " ".join([*lines, status]) if status not in lines else " ".join(lines)


def board_words(columns: Sequence[Mapping[str, Any]], *, over: bool) -> BoardWords:
    """The board as a table a screen reader can walk: a header per column, a row per
    place (hidden cards, piles, guesses), each cell in words.

    >>> words = board_words([{"index": 0, "bot_card": None, "your_hit": True,
    ...     "your_pile": {"top": {"card": "QS", "hit": True}, "count": 1},
    ...     "bot_pile": {"top": None, "count": 0}, "bot_hit": False, "your_card": "2H",
    ...     "your_guess": None, "bot_guess": None}], over=False)
    >>> words["headers"], words["rows"][0]
    (['Column 1'], ["the bot's hidden card", 'hidden, your penny on it'])
    >>> words["rows"][1]
    ['your decipher pile', 'queen of spades on top, a hit; 1 card']
    """

    def pile(p: Mapping[str, Any]) -> str:
        top = p["top"]
        if top is None:
            return "empty"
        mark = {True: "a hit", False: "a miss", None: "not marked yet"}[top["hit"]]
        count = f"{p['count']} card{'s' * (p['count'] != 1)}"
        return f"{card_words(top['card'])} on top, {mark}; {count}"

    def hidden(card: str | None, penny: bool | None, whose: str) -> str:
        words = card_words(card) if card else "hidden"
        return f"{words}, {whose} penny on it" if penny else words

    rows = [
        ["the bot's hidden card", *(hidden(c["bot_card"], c["your_hit"], "your") for c in columns)],
        ["your decipher pile", *(pile(c["your_pile"]) for c in columns)],
        ["the bot's pile on your code", *(pile(c["bot_pile"]) for c in columns)],
        ["your hidden card", *(hidden(c["your_card"], c["bot_hit"], "the bot's") for c in columns)],
    ]
    if any(c["your_guess"] for c in columns) or over:
        guesses = (card_words(c["your_guess"]) if c["your_guess"] else "none" for c in columns)
        rows.append(["your guess", *guesses])
    if over:
        rows.append(
            [
                "the bot's guess",
                *(card_words(c["bot_guess"]) if c["bot_guess"] else "none" for c in columns),
            ]
        )
    return {"headers": [f"Column {c['index'] + 1}" for c in columns], "rows": rows}


def build_view(
    obs: DecipherObservation,
    *,
    human: Seat,
    legal: Sequence[Any] = (),
    log: Sequence[tuple[int, str]] = (),
    thinking: bool = False,
    bot_name: str = "bot",
    game_number: int = 1,
) -> DecipherView:
    """The view synced to the page, from ``obs = state.observe(human)`` only: the
    header, the status lines, the board (:func:`columns_view`), the hands, the guesses
    and the result (:func:`result_of`, :func:`scores_view`), and the log
    (:func:`recent_log`).

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
    """
    bot = 1 - human
    phase = obs["phase"]
    acting = not thinking and obs["actors"] == [human] and phase in ("play", "guess")
    columns = columns_view(obs, human, current=obs["column"] if acting else None)
    bot_guesses = obs["guesses"][bot]  # a count until the game is over
    status = status_line(obs, human, thinking=thinking)
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
        "turn_line": turn_line(obs, human, acting=acting),
        "board_words": board_words(columns, over=phase == "over"),
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
    }


def columns_view(obs: DecipherObservation, human: Seat, *, current: int | None) -> list[ColumnView]:
    """The board, a column each: the pile of the ``current`` column (the one being
    played or guessed) shows its history, the others only their top cards.

    >>> from cipherkit.games.decipher import new_game
    >>> columns = columns_view(new_game(seed=3).observe(0), 0, current=0)
    >>> columns[0]["current"], columns[0]["your_pile"], columns[1]["bot_card"]
    (True, {'top': None, 'count': 0, 'history': []}, None)
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

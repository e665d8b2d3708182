"""The Decipher table's sentences, in the language in force (the table's ``speaking()``).

Every sentence is one catalog entry with its parameters, so that a language may order it
as it needs. The table speaks from one side: the person (``you``) against the other
player (the bot, or a person named in a room); a spectator reads both players by name.
:class:`Sides` says which.

Examples
--------
>>> from cipherkit.core.protocol import Event
>>> from cipherkit.i18n import speaking
>>> play = Event("play", {"seat": 1, "column": 0, "card": "QS"})
>>> event_words(play, human=0)
'The bot plays queen of spades on column 1 of your code.'
>>> event_words(play, human=0, sides=Sides(other="Bo"))
'Bo plays queen of spades on column 1 of your code.'
>>> event_words(play, human=0, sides=Sides(me="Ada", other="Bo"))
"Bo plays queen of spades on column 1 of Ada's code."
>>> with speaking("ru"):
...     event_words(play, human=0)
'Бот кладёт карту на столбец 1 вашего кода: дама пик.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, TypedDict

from cipherkit.core.protocol import Event, Seat
from cipherkit.games.decipher.cards import Card, card_name
from cipherkit.i18n import N_, _, ngettext, pgettext

__all__ = [
    "HIT_WORDS",
    "YOU_AND_THE_BOT",
    "BoardWords",
    "Sides",
    "board_words",
    "card_words",
    "event_words",
    "status_line",
    "turn_line",
]

HIT_WORDS = N_(
    "A hit: the top card played on a hidden card shares its suit or its rank; "
    "its owner marks it with a penny, which stays until that pile's top card changes."
)
"""How a hit (and its penny) is explained where the log first names one (English,
marked: say it with ``_``)."""


class Sides(NamedTuple):
    """Whom the table's words are about: ``me``, the person at the table (``None``: the
    reader, "you"; a name: a spectator reads that seat by name), and ``other``, the
    other player (``None``: the bot; a name: a person in a room)."""

    me: str | None = None
    other: str | None = None

    @property
    def watching(self) -> bool:
        """A spectator's words: both players by name, nobody is "you"."""
        return self.me is not None


YOU_AND_THE_BOT = Sides()
"""The local table's sides: the reader against the bot."""


def who(name: str | None) -> str:
    """A player as the subject of a sentence: ``"the bot"``, or the name.

    >>> who(None), who("Bo")
    ('the bot', 'Bo')
    """
    return _("the bot") if name is None else name


def whose(name: str | None) -> str:
    """A player as an owner: ``"the bot's"``, or ``"Bo's"`` (Russian: «бота», «игрока Bo»).

    >>> whose(None), whose("Bo")
    ("the bot's", "Bo's")
    """
    return _("the bot's") if name is None else _("{name}'s", name=name)


def capital(text: str) -> str:
    """A sentence starts with a capital letter (the bot's name may start it).

    >>> capital("the bot skips column 1.")
    'The bot skips column 1.'
    """
    return text[:1].upper() + text[1:]


def card_words(card: str) -> str:
    """A card as a screen reader should say it: ``"QS"`` -> ``"queen of spades"``.

    >>> card_words("TH"), card_words("7C")
    ('10 of hearts', '7 of clubs')
    """
    return str(card_name(Card.parse(card)))


def columns_words(hits: Sequence[bool]) -> str:
    """Each column's hit or miss: ``"column 1 hit, column 2 miss"``."""
    return ", ".join(
        _("column {column} hit", column=c + 1) if h else _("column {column} miss", column=c + 1)
        for c, h in enumerate(hits)
    )


def explained(words: str) -> str:
    """``words`` with what a hit and a penny are (the log's first hits)."""
    return f"{words} ({_(HIT_WORDS)})"


# ---------------------------------------------------------------- the log
def event_words(
    event: Event, human: Seat, *, explain: bool = False, sides: Sides = YOU_AND_THE_BOT
) -> str:
    """One public event in plain words, from the person's side.

    >>> event_words(Event("evaluate", {"seat": 1, "hits": [True, False, False]}), human=0)
    "Your hits on the bot's code: column 1 hit, column 2 miss, column 3 miss."

    With ``explain``, the words say what a hit and a penny are (the log's first hits).
    """
    data = event.data
    mine = data.get("seat") == human
    you = mine and not sides.watching
    actor = sides.me if mine else sides.other
    kind = event.kind
    if kind == "play":
        card, column = card_words(data["card"]), data["column"] + 1
        if you:
            return _("You play {card} on column {column}.", card=card, column=column)
        if sides.watching:
            owner = whose(sides.other if mine else sides.me)
            return capital(
                _(
                    "{who} plays {card} on column {column} of {whose} code.",
                    who=who(actor),
                    card=card,
                    column=column,
                    whose=owner,
                )
            )
        return capital(
            _(
                "{who} plays {card} on column {column} of your code.",
                who=who(actor),
                card=card,
                column=column,
            )
        )
    if kind == "skip":
        column = data["column"] + 1
        if you:
            return _("You skip column {column}.", column=column)
        return capital(_("{name} skips column {column}.", name=who(actor), column=column))
    if kind == "draw":
        n = data["count"]
        if you:
            return ngettext("You draw {n} card.", "You draw {n} cards.", n)
        return capital(
            ngettext("{name} draws {n} card.", "{name} draws {n} cards.", n, name=who(actor))
        )
    if kind == "evaluate":
        words = _hits_words(data["hits"], mine, sides)
        return explained(words) if explain else words
    if kind == "break":
        return _break_words(bool(data.get("forced")), you, who(actor))
    if kind == "guess":
        column = data["column"] + 1
        if you:
            return _("You write a guess for column {column}.", column=column)
        return capital(
            _("{name} writes a guess for column {column}.", name=who(actor), column=column)
        )
    if kind == "reveal":
        scores = data["scores"]
        if sides.watching:
            return _(
                "The codes are revealed. Final score: {first} {first_score}, "
                "{second} {second_score}.",
                first=who(sides.me),
                first_score=scores[human],
                second=who(sides.other),
                second_score=scores[1 - human],
            )
        return _(
            "The codes are revealed. Final score: you {you}, {who} {score}.",
            you=scores[human],
            who=who(sides.other),
            score=scores[1 - human],
        )
    return event.text


def _hits_words(hits: Sequence[bool], mine: bool, sides: Sides) -> str:
    """The hits marked at the end of a turn; ``mine``: marked on the person's code (the
    other player's hits)."""
    columns = columns_words(hits)
    if sides.watching:
        hitter, owner = (sides.other, sides.me) if mine else (sides.me, sides.other)
        return capital(
            _(
                "{hitter} hits on {owner} code: {columns}.",
                hitter=whose(hitter),
                owner=whose(owner),
                columns=columns,
            )
        )
    if mine:
        return capital(
            _("{whose} hits on your code: {columns}.", whose=whose(sides.other), columns=columns)
        )
    return _("Your hits on {whose} code: {columns}.", whose=whose(sides.other), columns=columns)


def _break_words(forced: bool, you: bool, name: str) -> str:
    if you and forced:
        return _("You break the code (the deck is exhausted)! Guessing begins: you guess first.")
    if you:
        return _("You break the code! Guessing begins: you guess first.")
    if forced:
        return capital(
            _(
                "{who} breaks the code (the deck is exhausted)! Guessing begins: "
                "{who} guesses first.",
                who=name,
            )
        )
    return capital(_("{who} breaks the code! Guessing begins: {who} guesses first.", who=name))


# ---------------------------------------------------------------- the status lines
def status_line(
    obs: Mapping[str, Any], human: Seat, *, thinking: bool, sides: Sides = YOU_AND_THE_BOT
) -> str:
    """The one-line instruction shown above the table.

    >>> from cipherkit.games.decipher import new_game
    >>> status_line(new_game({"first_player": 1}, seed=3).observe(0), 0, thinking=True)
    'The bot is thinking…'
    """
    phase = obs["phase"]
    column = obs["column"]
    if phase == "over":
        outcome = obs["outcome"] or {}
        if outcome.get("draw"):
            return _("The game is over: a draw.")
        if human in outcome.get("winners", []):
            if not sides.watching:
                return _("The game is over: you win!")
            return _("The game is over: {who} wins.", who=who(sides.me))
        return _("The game is over: {who} wins.", who=who(sides.other))
    if thinking or obs["actors"] != [human]:
        if phase == "guess":
            if sides.other is None:
                return _("The bot is writing its guesses…")
            return _("{name} is writing their guesses…", name=sides.other)
        return capital(_("{who} is thinking…", who=who(sides.other)))
    if phase == "guess":
        return _(
            "Guess {whose} card in column {column}: pick a rank and a suit, then press Guess.",
            whose=whose(sides.other),
            column=column + 1,
        )
    if obs["must_break"]:
        return _("The deck is exhausted and a hand is empty: you must Break the Code.")
    first_turn = not any(obs["piles"][human])
    if first_turn and column == 0 and obs["played_this_turn"] == 0:
        return _("Your first turn: play one card on each column, starting with column 1.")
    if column == 0:
        return _(
            "Your turn, column {column}: choose a card in your hand to play it here, or Skip. "
            "Or Break the Code now and start guessing.",
            column=column + 1,
        )
    return _(
        "Your turn, column {column}: choose a card in your hand to play it here, or Skip.",
        column=column + 1,
    )


def turn_line(
    obs: Mapping[str, Any], human: Seat, *, acting: bool, sides: Sides = YOU_AND_THE_BOT
) -> str:
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
        return _(
            "Your turn: guess {whose} card in column {column}.",
            whose=whose(sides.other),
            column=column,
        )
    if obs["must_break"]:
        return _("Your turn: break the code (the deck is exhausted).")
    if obs["column"] == 0:
        return _(
            "Your turn: play a card on column {column}, skip it, or break the code.", column=column
        )
    return _("Your turn: play a card on column {column} or skip it.", column=column)


# ---------------------------------------------------------------- the board in words
class BoardWords(TypedDict):
    """The board as a table for a screen reader: a header per column, a row per place."""

    headers: list[str]
    rows: list[list[str]]


def pile_words(p: Mapping[str, Any]) -> str:
    """A pile for a screen reader: its top card, whether it hit, how many cards."""
    top = p["top"]
    if top is None:
        return pgettext("pile", "empty")
    mark = {True: _("a hit"), False: _("a miss"), None: _("not marked yet")}[top["hit"]]
    count = ngettext("{n} card", "{n} cards", p["count"])
    return _("{card} on top, {mark}; {cards}", card=card_words(top["card"]), mark=mark, cards=count)


def board_labels(sides: Sides = YOU_AND_THE_BOT) -> dict[str, str]:
    """The names of the board's places (rows of :func:`board_words`, labels on the page).

    >>> board_labels()["their_hidden"], board_labels(Sides(other="Bo"))["their_pile"]
    ("the bot's hidden card", "Bo's pile on your code")
    """
    theirs = whose(sides.other)
    if sides.watching:
        mine = whose(sides.me)
        return {
            "their_hidden": _("{whose} hidden card", whose=theirs),
            "your_pile": _("{whose} decipher pile", whose=mine),
            "their_pile": _("{whose} pile on {owner} code", whose=theirs, owner=mine),
            "your_hidden": _("{whose} hidden card", whose=mine),
            "your_guess": _("{whose} guess", whose=mine),
            "their_guess": _("{whose} guess", whose=theirs),
        }
    return {
        "their_hidden": _("{whose} hidden card", whose=theirs),
        "your_pile": _("your decipher pile"),
        "their_pile": _("{whose} pile on your code", whose=theirs),
        "your_hidden": _("your hidden card"),
        "your_guess": _("your guess"),
        "their_guess": _("{whose} guess", whose=theirs),
    }


def board_words(
    columns: Sequence[Mapping[str, Any]], *, over: bool, sides: Sides = YOU_AND_THE_BOT
) -> BoardWords:
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
    labels = board_labels(sides)

    def hidden(card: str | None, penny: bool | None, owner: str | None) -> str:
        words = card_words(card) if card else pgettext("card", "hidden")
        if not penny:
            return words
        if owner is None:
            return _("{card}, your penny on it", card=words)
        return _("{card}, {whose} penny on it", card=words, whose=whose(owner))

    # a penny on the other's card is the person's (a spectator: seat ``me``'s)
    rows = [
        [
            labels["their_hidden"],
            *(hidden(c["bot_card"], c["your_hit"], sides.me) for c in columns),
        ],
        [labels["your_pile"], *(pile_words(c["your_pile"]) for c in columns)],
        [labels["their_pile"], *(pile_words(c["bot_pile"]) for c in columns)],
        [labels["your_hidden"], *(_their_penny(c, sides.other) for c in columns)],
    ]
    none = pgettext("guess", "none")
    if any(c["your_guess"] for c in columns) or over:
        guesses = (card_words(c["your_guess"]) if c["your_guess"] else none for c in columns)
        rows.append([labels["your_guess"], *guesses])
    if over:
        guessed = (card_words(c["bot_guess"]) if c["bot_guess"] else none for c in columns)
        rows.append([labels["their_guess"], *guessed])
    headers = [_("Column {column}", column=c["index"] + 1) for c in columns]
    return {"headers": headers, "rows": rows}


def _their_penny(column: Mapping[str, Any], other: str | None) -> str:
    """The person's hidden card in words, with the other player's penny if it has one."""
    card = column["your_card"]
    words = card_words(card) if card else pgettext("card", "hidden")
    if not column["bot_hit"]:
        return words
    return _("{card}, {whose} penny on it", card=words, whose=whose(other))

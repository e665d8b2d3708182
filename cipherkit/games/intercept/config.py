"""Intercept's fixed facts and its config: sizes, phases, the defaults, codes as JSON."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from cipherkit.core.errors import ConfigError
from cipherkit.core.protocol import Seat, merge_config
from cipherkit.games.intercept.actions import Code
from cipherkit.i18n import nsay

CLUES_PER_CODE = 3
KEYWORDS_PER_TEAM = 4
"""Keywords per team: a code's digits run from 1 to 4."""
TOKENS_TO_END = 2
"""Two Interception tokens win; two Miscommunication tokens lose."""
WRITE, GUESS, KEYWORDS, OVER = "write", "guess", "keywords", "over"
TEAM_NAMES = ("white", "black")
THREE_PLAYER_NAMES = ("white", "interceptor")

TIMER_RANGE = (10, 600)
"""The sand timer's seconds a config may give (``timer``: true is 30 s)."""

LANGUAGES = ("en", "ru")
"""The languages a table may be played in (``language``): each has its keyword list."""

BOT_LANGUAGES = ("en",)
"""The languages the bots play in: their word vectors are English (the game's
:attr:`~cipherkit.core.protocol.GameSpec.bot_languages`)."""

DEFAULT_CONFIG: dict[str, Any] = {
    "players": 4,
    "timer": False,  # False, True (30 s) or the sand timer's seconds
    "no_repeat_codes": False,
    "alternate_first": False,
    "max_rounds": None,  # None: 8, or 5 with 3 players
    "keywords": None,  # None: dealt from the shipped list; or {"white": [...], "black": [...]}
    "near_repeat_warnings": True,
    "names": None,
    "language": "en",  # the table's language: its keywords are dealt from that list
}

STOCK_CLUES: tuple[str, ...] = tuple(
    str.split(
        """
    ancient bright quiet heavy famous tiny giant sweet bitter cold warm loud gentle wild
    royal secret golden frozen broken hidden sharp round empty lucky noisy fancy shiny
    sleepy angry happy rich simple modern classic strange magic early late slow fast
    """
    )
)
"""Stock clues that ``legal_actions`` lists for an Encryptor.

``clue TEXT`` takes free text, so ``legal_actions`` cannot list every clue: it lists the
stock clues that are legal now (for random playouts and generic tools), and any other
text that passes the clue checks is just as legal."""

RUSSIAN_STOCK_CLUES: tuple[str, ...] = tuple(
    str.split(
        """
    древний яркий тихий тяжёлый знаменитый крошечный огромный сладкий горький холодный
    тёплый громкий нежный дикий королевский тайный золотой ледяной сломанный скрытый
    острый круглый пустой счастливый шумный модный блестящий сонный сердитый весёлый
    богатый простой новый старинный странный волшебный ранний поздний медленный быстрый
    """
    )
)
"""The stock clues of a Russian table (the English ones, in Russian)."""


def stock_clues(config: Mapping[str, Any]) -> tuple[str, ...]:
    """The stock clues in the table's language.

    >>> stock_clues({"language": "ru"})[:2], stock_clues({"language": "en"})[:2]
    (('древний', 'яркий'), ('ancient', 'bright'))
    """
    return RUSSIAN_STOCK_CLUES if config.get("language") == "ru" else STOCK_CLUES


def make_config(config: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validated config with defaults filled in (a :class:`ConfigError` says what is wrong).

    >>> make_config({"players": 5, "language": "ru"})["language"]
    'ru'
    >>> make_config({"language": "de"})
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.ConfigError: intercept: language must be one of en, ru
    """
    merged = merge_config(DEFAULT_CONFIG, config, game="intercept")
    players = merged["players"]
    if not isinstance(players, int) or isinstance(players, bool) or not 3 <= players <= 8:
        raise ConfigError.say("intercept: players must be 3 (one Interceptor) or 4-8 (two teams)")
    for flag in ("no_repeat_codes", "alternate_first", "near_repeat_warnings"):
        if not isinstance(merged[flag], bool):
            raise ConfigError.say("intercept: {flag} must be true or false", flag=flag)
    timer = merged["timer"]
    if not isinstance(timer, bool) and not (
        isinstance(timer, int) and TIMER_RANGE[0] <= timer <= TIMER_RANGE[1]
    ):
        raise ConfigError.say(
            "intercept: timer must be true or false, or the sand timer's seconds ({low} to {high})",
            low=TIMER_RANGE[0],
            high=TIMER_RANGE[1],
        )
    rounds = merged["max_rounds"]
    if rounds is None:
        merged["max_rounds"] = 5 if players == 3 else 8
    elif not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= 24:
        raise ConfigError.say("intercept: max_rounds must be a whole number from 1 to 24")
    if merged["language"] not in LANGUAGES:
        raise ConfigError.say(
            "intercept: language must be one of {choices}", choices=", ".join(LANGUAGES)
        )
    if merged["keywords"] is not None:
        merged["keywords"] = _fixed_keywords(merged["keywords"], players)
    names = merged["names"]
    if names is None:
        merged["names"] = [f"Player {s + 1}" for s in range(players)]
    elif not (isinstance(names, list | tuple) and len(names) == players):
        raise ConfigError(
            nsay(
                "intercept: names must be a list of {n} name",
                "intercept: names must be a list of {n} names",
                players,
            )
        )
    else:
        merged["names"] = [str(n) for n in names]
    return merged


def _fixed_keywords(fixed: Any, players: int) -> dict[str, list[str]]:
    """The ``keywords`` option checked, each word in NFC, lower case, single-spaced."""
    names = THREE_PLAYER_NAMES[:1] if players == 3 else TEAM_NAMES
    if not isinstance(fixed, Mapping) or set(fixed) != set(names):
        raise ConfigError(
            nsay(
                "intercept: keywords must map {names} to {n} word",
                "intercept: keywords must map {names} to {n} words",
                KEYWORDS_PER_TEAM,
                names=", ".join(names),
            )
        )
    cleaned = {}
    for team in names:
        words = fixed[team]
        if not isinstance(words, list | tuple) or len(words) != KEYWORDS_PER_TEAM:
            raise ConfigError(
                nsay(
                    "intercept: keywords of {team} must be {n} word",
                    "intercept: keywords of {team} must be {n} words",
                    KEYWORDS_PER_TEAM,
                    team=team,
                )
            )
        cleaned[team] = [
            " ".join(unicodedata.normalize("NFC", str(w)).split()).lower() for w in words
        ]
        if not all(cleaned[team]):
            raise ConfigError.say("intercept: keywords of {team} must not be empty", team=team)
    return cleaned


def check_bots(config: Mapping[str, Any] | None, bot_seats: int) -> None:
    """Refuse bots at a table whose language they do not play (a :class:`ConfigError`):
    the bots' word vectors are English, so a Russian table needs a person in every seat.

    >>> check_bots({"language": "en"}, 3), check_bots({"language": "ru"}, 0)
    (None, None)
    >>> check_bots({"language": "ru"}, 1)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.ConfigError: intercept: the bots play in English only, so a table \
in another language needs a person in every seat
    """
    language = (config or {}).get("language") or DEFAULT_CONFIG["language"]
    if bot_seats and language not in BOT_LANGUAGES:
        raise ConfigError.say(
            "intercept: the bots play in English only, so a table in another language "
            "needs a person in every seat"
        )


def team_seats(players: int) -> list[list[Seat]]:
    """The seats of each side: White and Black alternate; 3 players: team and Interceptor.

    >>> team_seats(4), team_seats(5), team_seats(3)
    ([[0, 2], [1, 3]], [[0, 2, 4], [1, 3]], [[0, 1], [2]])
    """
    if players == 3:
        return [[0, 1], [2]]
    return [list(range(0, players, 2)), list(range(1, players, 2))]


def code_list(code: Code | None) -> list[int] | None:
    """The code as a JSON list, or None.

    >>> code_list((3, 1, 4)), code_list(None)
    ([3, 1, 4], None)
    """
    return None if code is None else list(code)


def code_of(data: Any) -> Code | None:
    """The code read back from a JSON list, or None.

    >>> code_of([3, 1, 4])
    (3, 1, 4)
    """
    return None if data is None else (int(data[0]), int(data[1]), int(data[2]))

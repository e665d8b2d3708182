"""Intercept, the code-transmission team game (docs/rules/intercept.md, the Decrypto rules).

cipherkit's implementation is unofficial: it follows the published rules, ships its own
keyword list, and uses no publisher's names, art or word lists.

>>> from cipherkit.games.intercept import GAME
>>> state = GAME.new_game({"players": 4}, seed=4)
>>> GAME.parse_action("guess 3.1.4")
Guess(code=(3, 1, 4))
>>> GAME.seats({"players": 6}), GAME.seats(None)
(6, 4)

A table in Russian deals Russian keywords; the bots play English only:

>>> state = GAME.new_game({"players": 4, "language": "ru"}, seed=4)
>>> state.keywords[0][0] in keywords("ru"), GAME.bot_languages
(True, ('en',))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cipherkit.core.protocol import GameSpec, RoomOption
from cipherkit.games.intercept import present
from cipherkit.games.intercept.actions import (
    CODES,
    Clue,
    Code,
    Guess,
    KeywordGuess,
    Timeout,
    code_text,
    parse_action,
    parse_code,
)
from cipherkit.games.intercept.bots import BOTS
from cipherkit.games.intercept.clock import TIMER_CHOICES, clock
from cipherkit.games.intercept.clues import ClueCheck, Problem, check_clue
from cipherkit.games.intercept.config import BOT_LANGUAGES, LANGUAGES, check_bots
from cipherkit.games.intercept.notes import NoteSheet, build_notes
from cipherkit.games.intercept.rules import DEFAULT_CONFIG, make_config, new_game
from cipherkit.games.intercept.shared import shared_with
from cipherkit.games.intercept.state import InterceptState
from cipherkit.games.intercept.variants import hidden_variant, viewers
from cipherkit.games.intercept.words import keywords
from cipherkit.i18n import N_


def _seats(config: Mapping[str, Any] | None) -> int:
    return int(make_config(config)["players"])


GAME = GameSpec(
    name="intercept",
    new_game=new_game,
    parse_action=parse_action,
    state_type=InterceptState,
    seats=_seats,
    viewers=viewers,
    hidden_variants=hidden_variant,
    default_config=DEFAULT_CONFIG,
    title=present.title,
    board=present.board,
    shared_with=shared_with,
    clock=clock,
    example_configs=(
        None,
        {"players": 3},
        {"players": 5, "timer": True},
        {"players": 8, "no_repeat_codes": True, "alternate_first": True},
        {"max_rounds": 1},  # random play ties round 1: the keyword stage is played
        {"players": 4, "language": "ru"},
        {"players": 3, "language": "ru", "max_rounds": 2},
    ),
    label=N_("Intercept"),
    blurb=N_("Two teams pass coded clues about secret keywords while the other team listens in."),
    player_counts=(3, 4, 5, 6, 7, 8),
    default_players=4,
    teams=(N_("white"), N_("black")),
    languages=LANGUAGES,
    default_bots=("ck",),
    bot_languages=BOT_LANGUAGES,
    room_options=(
        RoomOption(
            "timer",
            N_("sand timer: seconds the second Encryptor has once the first is done"),
            choices=TIMER_CHOICES,
        ),
    ),
    room_config=present.room_config,
    progress=present.progress,
)

__all__ = [
    "BOTS",
    "CODES",
    "DEFAULT_CONFIG",
    "GAME",
    "Clue",
    "ClueCheck",
    "Code",
    "Guess",
    "InterceptState",
    "KeywordGuess",
    "NoteSheet",
    "Problem",
    "Timeout",
    "build_notes",
    "check_bots",
    "check_clue",
    "code_text",
    "keywords",
    "new_game",
    "parse_action",
    "parse_code",
]

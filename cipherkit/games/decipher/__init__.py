"""Decipher, the two-player hidden-code card game (docs/rules/decipher.md).

>>> from cipherkit.games.decipher import GAME
>>> state = GAME.new_game(seed=4)
>>> GAME.parse_action("play QS")
Play(card=Card.parse('QS'))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cipherkit.core.protocol import GameSpec
from cipherkit.games.decipher import present
from cipherkit.games.decipher.actions import BreakCode, Guess, Play, Skip, parse_action
from cipherkit.games.decipher.bots import BOTS
from cipherkit.games.decipher.cards import CARDS, Card
from cipherkit.games.decipher.rules import COLUMNS, DEFAULT_CONFIG, card_score, new_game
from cipherkit.games.decipher.state import DecipherState
from cipherkit.games.decipher.variants import hidden_variant, viewers
from cipherkit.i18n import N_


def _seats(config: Mapping[str, Any] | None) -> int:
    return 2


GAME = GameSpec(
    name="decipher",
    new_game=new_game,
    parse_action=parse_action,
    state_type=DecipherState,
    seats=_seats,
    viewers=viewers,
    hidden_variants=hidden_variant,
    default_config=DEFAULT_CONFIG,
    title=present.title,
    board=present.board,
    seat_names=present.seat_names,
    omniscient=present.omniscient,
    example_configs=(None, {"first_player": 0}, {"first_player": 1}),
    label=N_("Decipher"),
    blurb=N_("Two players each hide a code of three cards; read the hits and break the other's."),
    player_counts=(2,),
    default_bots=("solver",),
    progress=present.progress,
)

__all__ = [
    "BOTS",
    "CARDS",
    "COLUMNS",
    "DEFAULT_CONFIG",
    "GAME",
    "BreakCode",
    "Card",
    "DecipherState",
    "Guess",
    "Play",
    "Skip",
    "card_score",
    "new_game",
    "parse_action",
]

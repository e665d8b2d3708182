"""Decipher, the two-player hidden-code card game (docs/rules/decipher.md).

>>> from cipherkit.games.decipher import GAME
>>> state = GAME.new_game(seed=4)
>>> GAME.parse_action("play QS")
Play(card=Card.parse('QS'))
"""

from __future__ import annotations

from cipherkit.core.hooks import game_hooks, two_seats
from cipherkit.core.protocol import GameSpec
from cipherkit.games.decipher import actions, present, rules, variants
from cipherkit.games.decipher.actions import BreakCode, Guess, Play, Skip, parse_action
from cipherkit.games.decipher.bots import BOTS
from cipherkit.games.decipher.cards import CARDS, Card
from cipherkit.games.decipher.rules import COLUMNS, DEFAULT_CONFIG, card_score, new_game
from cipherkit.games.decipher.state import DecipherState
from cipherkit.i18n import N_

GAME = GameSpec(
    name="decipher",
    state_type=DecipherState,
    seats=two_seats,
    **game_hooks(actions, rules, variants, present),
    example_configs=(None, {"first_player": 0}, {"first_player": 1}),
    label=N_("Decipher"),
    blurb=N_("Two players each hide a code of three cards; read the hits and break the other's."),
    player_counts=(2,),
    default_bots=("solver",),
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

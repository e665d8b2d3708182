"""Key exchange: Diffie and Hellman's agreement as a two-seat game for lesson 13, watched
by anyone who joins the room (the eavesdropper sees only the public numbers).

>>> from cipherkit.games.keyexchange import GAME
>>> state = GAME.new_game(seed=3)
>>> GAME.parse_action("secret 12") in state.legal_actions(0)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cipherkit.core.protocol import GameSpec
from cipherkit.games.keyexchange import present
from cipherkit.games.keyexchange.actions import Agree, Choose, Send, parse_action
from cipherkit.games.keyexchange.bots import BOTS
from cipherkit.games.keyexchange.rules import DEFAULT_CONFIG, KeyExchangeState, new_game
from cipherkit.games.keyexchange.variants import hidden_variant, viewers
from cipherkit.i18n import N_

__all__ = ["BOTS", "DEFAULT_CONFIG", "GAME", "Agree", "Choose", "KeyExchangeState", "Send"]


def _seats(config: Mapping[str, Any] | None) -> int:
    return 2


GAME = GameSpec(
    name="keyexchange",
    new_game=new_game,
    parse_action=parse_action,
    state_type=KeyExchangeState,
    seats=_seats,
    viewers=viewers,
    hidden_variants=hidden_variant,
    default_config=DEFAULT_CONFIG,
    example_configs=(None, {"p": 1019, "g": 2, "offers": 3}),
    title=present.title,
    seat_names=present.seat_names,
    board=present.board,
    action_words=present.action_words,
    label=N_("Key exchange"),
    blurb=N_(
        "Two players agree a secret key where everyone can listen, then lock a code with it "
        "(lesson 13); whoever watches sees only the public numbers."
    ),
    player_counts=(2,),
    default_bots=("honest",),
    progress=present.progress,
)

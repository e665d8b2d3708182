"""Key exchange: Diffie and Hellman's agreement as a two-seat game for lesson 13, watched
by anyone who joins the room (the eavesdropper sees only the public numbers).

>>> from cipherkit.games.keyexchange import GAME
>>> state = GAME.new_game(seed=3)
>>> GAME.parse_action("secret 12") in state.legal_actions(0)
True
"""

from __future__ import annotations

from cipherkit.core.hooks import game_hooks, two_seats
from cipherkit.core.protocol import GameSpec
from cipherkit.games.keyexchange import actions, present, rules, variants
from cipherkit.games.keyexchange.actions import Agree, Choose, Send
from cipherkit.games.keyexchange.bots import BOTS
from cipherkit.games.keyexchange.rules import DEFAULT_CONFIG, KeyExchangeState
from cipherkit.i18n import N_

__all__ = ["BOTS", "DEFAULT_CONFIG", "GAME", "Agree", "Choose", "KeyExchangeState", "Send"]

GAME = GameSpec(
    name="keyexchange",
    state_type=KeyExchangeState,
    seats=two_seats,
    **game_hooks(actions, rules, variants, present),
    example_configs=(None, {"p": 1019, "g": 2, "offers": 3}),
    label=N_("Key exchange"),
    blurb=N_(
        "Two players agree a secret key where everyone can listen, then lock a code with it "
        "(lesson 13); whoever watches sees only the public numbers."
    ),
    player_counts=(2,),
    default_bots=("honest",),
)

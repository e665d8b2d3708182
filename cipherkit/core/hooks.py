"""A game's :class:`~cipherkit.core.protocol.GameSpec` hooks, found in its own modules.

Each game's modules name their hooks as ``GameSpec`` does (``new_game``, ``parse_action``,
``viewers``, ``title``, ``board``, ...), so a game's ``GAME`` names the modules that hold
them instead of repeating each hook twice:

>>> from cipherkit.core.protocol import GameSpec
>>> from cipherkit.games.keyexchange import actions, present, rules, variants
>>> hooks = game_hooks(actions, rules, variants, present)
>>> hooks["new_game"] is rules.new_game, hooks["hidden_variants"] is variants.hidden_variant
(True, True)
>>> sorted(hooks)[:4]
['action_words', 'board', 'default_config', 'hidden_variants']
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any

HOOKS = {
    "new_game": "new_game",
    "parse_action": "parse_action",
    "seats": "seats",
    "viewers": "viewers",
    "hidden_variants": "hidden_variant",
    "default_config": "DEFAULT_CONFIG",
    "title": "title",
    "seat_names": "seat_names",
    "omniscient": "omniscient",
    "board": "board",
    "shared_with": "shared_with",
    "clock": "clock",
    "room_config": "room_config",
    "room_content": "room_content",
    "progress": "progress",
    "action_words": "action_words",
}
"""Each ``GameSpec`` hook and the name a game's module defines it under."""


def game_hooks(*modules: ModuleType) -> dict[str, Any]:
    """The ``GameSpec`` hooks that ``modules`` define, by hook: keyword arguments for
    ``GameSpec``. A hook two of them define differently is an error."""
    found: dict[str, Any] = {}
    for module in modules:
        for hook, attribute in HOOKS.items():
            value = getattr(module, attribute, None)
            if value is None:
                continue
            if found.setdefault(hook, value) is not value:
                raise ValueError(f"two modules define the game hook {attribute}")
    return found


def two_seats(config: Mapping[str, Any] | None) -> int:
    """``GameSpec.seats`` of a two-player game: two seats, whatever the config.

    >>> two_seats(None)
    2
    """
    return 2

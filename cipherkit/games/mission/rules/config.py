"""The mission game's configuration, and the mission it refers to.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.rules.config``.

Examples
--------
>>> from cipherkit.games.mission.rules.config import make_config
>>> cfg = make_config({"players": 1})
>>> cfg["characters"], cfg["mission"]["id"]
(['locksmith', 'lookout'], 'demo')
>>> make_config({"players": 3, "characters": ["fixer"]})
Traceback (most recent call last):
...
cipherkit.core.errors.ConfigError: mission: 3 players need at least 3 characters, not 1
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cipherkit.core.errors import ConfigError
from cipherkit.core.protocol import merge_config
from cipherkit.games.mission.content.secret_rules import SECRET_RULES
from cipherkit.games.mission.format.reader import suggest
from cipherkit.games.mission.source import mission_dict, mission_from_config
from cipherkit.i18n import nsay

DEFAULT_CONFIG: dict[str, Any] = {
    "mission": None,
    "players": 2,
    "characters": None,
    "first_player": None,
    "optional_draw_in_peril": True,
    "secrets": [],
}

MAX_CHARACTERS = 4
"""The box holds four standees: at most four characters play, however many players."""
SOLO_CHARACTERS = 2
"""Decision: a solo player may run two characters (docs/rules/mission.md §1.2)."""


def make_config(config: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validated config with defaults filled in and the mission stored as its dict."""
    merged = merge_config(DEFAULT_CONFIG, config, game="mission")
    mission = mission_from_config(merged["mission"])
    players = merged["players"]
    lo, hi = mission.players
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 4:
        raise ConfigError.say("mission: players must be a whole number from 1 to 4")
    if not lo <= players <= hi:
        raise ConfigError.say(
            "mission: {mission} is for {lo} to {hi} players, not {players}",
            mission=mission.id,
            lo=lo,
            hi=hi,
            players=players,
        )
    offered = [c.id for c in mission.characters]
    chosen = merged["characters"]
    if chosen is None:
        count = players if players > 1 else min(2, len(offered))
        chosen = offered[:count]
    if not isinstance(chosen, list | tuple) or not all(isinstance(c, str) for c in chosen):
        raise ConfigError.say("mission: characters must be a list of character ids")
    chosen = list(chosen)
    for cid in chosen:
        if cid not in offered:
            raise ConfigError.say(
                "mission: character {character!r} is not offered by {mission} (offered: {offered})",
                character=cid,
                mission=mission.id,
                offered=", ".join(offered),
            )
    if len(set(chosen)) != len(chosen):
        raise ConfigError.say("mission: a character can be chosen only once")
    if len(chosen) < players:
        raise ConfigError(
            nsay(
                "mission: {n} player needs at least {n} character, not {chosen}",
                "mission: {n} players need at least {n} characters, not {chosen}",
                players,
                chosen=len(chosen),
            )
        )
    if len(chosen) > MAX_CHARACTERS:
        raise ConfigError.say(
            "mission: at most {most} characters play at once", most=MAX_CHARACTERS
        )
    most = SOLO_CHARACTERS if players == 1 else players
    if len(chosen) > most:  # docs/rules/mission.md §1.2: one character per player
        raise ConfigError(
            nsay(
                "mission: each player takes one character (a solo player up to {solo}): "
                "{n} player cannot run {chosen}",
                "mission: each player takes one character (a solo player up to {solo}): "
                "{n} players cannot run {chosen}",
                players,
                solo=SOLO_CHARACTERS,
                chosen=len(chosen),
            )
        )
    secrets = merged["secrets"]
    if not isinstance(secrets, list | tuple) or not all(isinstance(s, str) for s in secrets):
        raise ConfigError.say("mission: secrets must be a list of secret rule ids")
    for rule_id in secrets:
        if rule_id not in SECRET_RULES:
            raise ConfigError.say(
                "mission: unknown secret rule {rule!r}{hint}",
                rule=rule_id,
                hint=suggest(rule_id, SECRET_RULES),
            )
    if len(set(secrets)) != len(secrets):
        raise ConfigError.say("mission: a secret rule can be in play only once")
    merged["secrets"] = list(secrets)
    deck = mission.deck
    extra = sum(SECRET_RULES[s].hand for s in merged["secrets"])
    if len(chosen) * (deck.hand_size + extra) > deck.resource_count:
        raise ConfigError.say("mission: the deck is too small to deal every character a hand")
    first = merged["first_player"]
    if first is not None and (
        not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < len(chosen)
    ):
        raise ConfigError.say(
            "mission: first_player must be a character index 0-{last}", last=len(chosen) - 1
        )
    if not isinstance(merged["optional_draw_in_peril"], bool):
        raise ConfigError.say("mission: optional_draw_in_peril must be true or false")
    merged["characters"] = chosen
    merged["mission"] = mission_dict(mission)
    return merged


def seats(config: Mapping[str, Any] | None) -> int:
    """How many seats a game with ``config`` has."""
    return int((config or {}).get("players", DEFAULT_CONFIG["players"]))


def room_content(players: int, options: Mapping[str, Any], mission: Any) -> dict[str, Any]:
    """The config of a room that plays ``mission`` (a mission file's path, or a
    :class:`~cipherkit.games.mission.Mission`) for ``players`` players.

    >>> from cipherkit.games.mission.shipped import shipped_mission
    >>> room_content(2, {}, shipped_mission("signal-box"))["mission"]["id"]
    'signal-box'
    """
    return make_config({"mission": mission_dict(mission_from_config(mission)), "players": players})


def room_config(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The config of a room made from a page: the demo mission for ``players`` players.

    >>> room_config(2, {})["players"]
    2
    """
    return make_config({"mission": mission_dict(mission_from_config(None)), "players": players})

"""Mission, the co-operative cipher mission game (docs/rules/mission.md).

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission``.

>>> from cipherkit.games.mission import GAME, load, new_game
>>> state = GAME.new_game({"players": 1}, seed=4)
>>> GAME.parse_action("play 7 run")
Play(value=7, action='run')
>>> state.mission.id, len(state.chars)
('demo', 2)
"""

from __future__ import annotations

from cipherkit.core.protocol import GameSpec
from cipherkit.games.mission import present
from cipherkit.games.mission.bots import BOTS
from cipherkit.games.mission.content.characters import ABILITIES, BUILTIN, Character
from cipherkit.games.mission.content.console import Cell, Glyph, answers_match, normalize_answer
from cipherkit.games.mission.content.deck import DeckSpec
from cipherkit.games.mission.content.mission import CampaignLink, CampaignLinks, Mission
from cipherkit.games.mission.content.tokens import ACTIONS, TRAPS, Token
from cipherkit.games.mission.format.builder import MissionBuilder
from cipherkit.games.mission.format.files import (
    load,
    load_campaign,
    mission_from_dict,
    mission_from_yaml,
    mission_to_yaml,
)
from cipherkit.games.mission.format.problems import MissionError, Problem
from cipherkit.games.mission.format.validate import validate_paths
from cipherkit.games.mission.rules.actions import parse_action
from cipherkit.games.mission.rules.config import (
    DEFAULT_CONFIG,
    room_config,
    room_content,
    seats,
)
from cipherkit.games.mission.rules.engine import MissionState, new_game
from cipherkit.games.mission.rules.variants import hidden_variant, viewers
from cipherkit.games.mission.samples import demo_mission
from cipherkit.i18n import N_

GAME = GameSpec(
    name="mission",
    new_game=new_game,
    parse_action=parse_action,
    state_type=MissionState,
    seats=seats,
    viewers=viewers,
    hidden_variants=hidden_variant,
    default_config=DEFAULT_CONFIG,
    title=present.title,
    seat_names=present.seat_names,
    omniscient=present.omniscient,
    board=present.board,
    example_configs=(
        None,
        {"players": 1},
        {"players": 4},
        {"players": 3, "optional_draw_in_peril": False},
        {"players": 3, "secrets": ["ledger-stub", "torn-ticket", "spare-satchel"]},
    ),
    label=N_("Mission"),
    blurb=N_("A co-operative cipher mission: explore the map, collect glyphs, read the answer."),
    player_counts=(1, 2, 3, 4),
    default_players=2,
    default_bots=("planner",),
    room_config=room_config,
    room_content=room_content,
    progress=present.progress,
)

__all__ = [
    "ABILITIES",
    "ACTIONS",
    "BOTS",
    "BUILTIN",
    "DEFAULT_CONFIG",
    "GAME",
    "TRAPS",
    "CampaignLink",
    "CampaignLinks",
    "Cell",
    "Character",
    "DeckSpec",
    "Glyph",
    "Mission",
    "MissionBuilder",
    "MissionError",
    "MissionState",
    "Problem",
    "Token",
    "answers_match",
    "demo_mission",
    "load",
    "load_campaign",
    "mission_from_dict",
    "mission_from_yaml",
    "mission_to_yaml",
    "new_game",
    "normalize_answer",
    "parse_action",
    "validate_paths",
]

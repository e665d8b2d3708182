"""The planner: a co-operative mission team that plays from its observations only.

Every seat runs the same plan on what it sees, so the seats agree without talking.
What it does and how strong each level is: ``docs/playtest.md`` (The bots). Modules:
:mod:`.settings`, :mod:`.board`, :mod:`.view`, :mod:`.answering` (the answer model),
:mod:`.routes` (route planning), :mod:`.choice` (the main action) and :mod:`.bot`.

Examples
--------
>>> from cipherkit.core.rng import Rng
>>> from cipherkit.games.mission import new_game
>>> from cipherkit.games.mission.planner import make_planner
>>> state = new_game({"players": 1, "first_player": 0}, seed=3)
>>> bot = make_planner("strong")
>>> action = bot.act(state.observe(0), state.legal_actions(0), Rng(1))
>>> state.is_legal(0, action), str(action)
(True, 'play 1 gather')
>>> make_planner("weak").settings.use_words, bot.settings.level
(False, 'strong')
"""

from __future__ import annotations

from cipherkit.games.mission.planner.answering import answer_model
from cipherkit.games.mission.planner.board import Board, board_for, card_value, glyph_of
from cipherkit.games.mission.planner.bot import PlannerBot, make_planner
from cipherkit.games.mission.planner.settings import LEVELS, SWITCHES, PlannerSettings

__all__ = [
    "LEVELS",
    "SWITCHES",
    "Board",
    "PlannerBot",
    "PlannerSettings",
    "answer_model",
    "board_for",
    "card_value",
    "glyph_of",
    "make_planner",
]

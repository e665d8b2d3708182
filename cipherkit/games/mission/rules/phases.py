"""The phases of a mission turn, the action cards' names, and how a game can end."""

from __future__ import annotations

from cipherkit.games.mission.content.tokens import ACTIONS, GATHER, INTEL, REGROUP, RUN
from cipherkit.i18n import N_

ACT, RUN_PHASE, INTEL_PHASE, GATHER_PHASE, REGROUP_PHASE = (
    "act",
    "run",
    "intel",
    "gather",
    "regroup",
)
SPECIAL_PHASE, DRAW_PHASE, SOLVE, OVER = "special", "draw", "solve", "over"
ACTION_PHASE = {RUN: RUN_PHASE, GATHER: GATHER_PHASE, INTEL: INTEL_PHASE, REGROUP: REGROUP_PHASE}
ACTION_NAMES = {
    "run": N_("Run"),
    "gather": N_("Gather"),
    "intel": N_("Intel"),
    "regroup": N_("Regroup"),
}
"""The action cards' names (``N_``-marked English: say them with ``_``)."""
ACTION_INDEX = {name: i for i, name in enumerate(ACTIONS)}

WON, WRONG, TIME = N_("solved"), N_("wrong answer"), N_("out of time")
"""How a game ends (an outcome's reason; ``N_``-marked English: shown with ``_``)."""

"""A small built-in mission: the default of ``new_game`` and of the docstring examples.

Four rooms, a three-letter answer, one decoy glyph, each kind of trap and both kinds of
wall. The shipped missions are the YAML files in the repository's ``missions/`` folder.

>>> from cipherkit.games.mission.samples import demo_mission
>>> m = demo_mission()
>>> sorted(t.label for t in m.all_tokens())
['camera', 'claw', 'counter-intel:run', 'eye', 'gas', 'moth', 'wing']
"""

from __future__ import annotations

from functools import cache

from cipherkit.games.mission.content.mission import Mission
from cipherkit.games.mission.format.builder import MissionBuilder


@cache
def demo_mission() -> Mission:
    b = MissionBuilder(
        "demo",
        title="The Owl Room",
        question="What bird guards the vault?",
        story="A museum after closing time. Someone left a message in the display cases.",
    )
    b.glyph("eye", "O").glyph("wing", "W").glyph("claw", "L").glyph("moth")
    b.word("eye", "wing", "claw").solution("OWL")
    b.room("foyer", pos=(0, 0), name="Foyer", entrance=True, stack=["moth", "eye"])
    b.room("gallery", pos=(1, 0), name="Gallery", stack=["wing", "camera"])
    b.room("study", pos=(0, 1), name="Study", stack=["gas", "claw"])
    b.room("vault", pos=(1, 1), name="Vault", stack=["counter-intel:run"])
    b.passage("foyer", "gallery").passage("foyer", "study").passage("study", "vault")
    b.wall("gallery", "vault")
    return b.build()

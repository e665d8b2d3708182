"""What every mission page shares, loaded once where many pages will run: the answer
words and the planner bot's answer model (entry point ``cipherkit.warm``; the server's
kernel template calls it, so each page's kernel shares them).

>>> from cipherkit.games.mission.warm import warm
>>> "cipherkit.games.mission.answers.shipped_words" in warm()
True
"""

from __future__ import annotations

from cipherkit.core.registry import run_loaders

__all__ = ["warm"]


def warm() -> list[str]:
    """Import the observation module and load the shared data of mission pages (each
    loader is cached); return the loaders that ran."""
    import cipherkit.games.mission.rules.observe  # noqa: F401 - what every page's table reads
    from cipherkit.games.mission import answers, planner

    return run_loaders([answers.shipped_words, planner.answer_model])

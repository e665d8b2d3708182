"""What every Intercept page shares, loaded once where many pages will run: the word
lists, the word vectors and the bots' hint table (entry point ``cipherkit.warm``; the
server's kernel template calls it, so each page's kernel shares them).

>>> from cipherkit.games.intercept.warm import warm
>>> "cipherkit.games.intercept.words.keywords" in warm()
True
"""

from __future__ import annotations

from cipherkit.core.registry import run_loaders

__all__ = ["warm"]


def warm() -> list[str]:
    """Load the shared data of Intercept's pages (each loader is cached); return the
    loaders that ran."""
    from cipherkit.games.intercept import bots, vectors, words

    return run_loaders(
        [
            words.keywords,
            words.translation_table,
            words.hint_words,
            vectors.default_vectors,
            bots.hint_table,
        ]
    )

"""What every Intercept page shares, loaded once where many pages will run: the word
lists, the word vectors and the bots' hint table (entry point ``cipherkit.warm``; the
server's kernel template calls it, so each page's kernel shares them).

>>> from cipherkit.games.intercept.warm import warm
>>> "cipherkit.games.intercept.words.keywords" in warm()
True
"""

from __future__ import annotations

__all__ = ["warm"]


def warm() -> list[str]:
    """Load the shared data of Intercept's pages (each loader is cached); return the
    loaders that ran."""
    from cipherkit.games.intercept import bots, vectors, words

    loaders = [words.keywords, words.hint_words, vectors.default_vectors, bots.hint_table]
    done = []
    for loader in loaders:
        try:
            loader()
        except Exception:  # missing data is each page's own error, not the warm-up's
            continue
        done.append(f"{loader.__module__}.{loader.__name__}")
    return done

"""The Russian twins of the gallery's pages (``cipherkit publish`` writes them from the
English pages and the catalogs): their code is the English pages' own, which nbval runs
there and in ``notebooks/lessons/``; do not run it twice. ``tests/browser/test_languages.py``
opens every one of them in Chromium. (Voila never serves this file: its file routes serve
images only.)"""

collect_ignore_glob = ["*.ipynb", "lessons/*.ipynb"]

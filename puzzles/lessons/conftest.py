"""The lesson pages here are generated from ``notebooks/lessons/`` (``cipherkit publish
--lessons notebooks/lessons``), where nbval runs them; do not run them twice.
``tests/publish/test_lessons.py`` checks these pages are in sync with their sources.
(Voila never serves this file: its file routes serve images only.)"""

collect_ignore_glob = ["*.ipynb"]

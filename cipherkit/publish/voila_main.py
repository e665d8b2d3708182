"""Run Voila with cipherkit's page template on its search path.

``cipherkit serve`` runs ``python -m cipherkit.publish.voila_main ...`` (the arguments
are Voila's). Voila looks for page templates in the Jupyter data folders
(``JUPYTER_PATH``); this puts ``cipherkit/publish/share`` first, where the ``cipherkit``
template lives (Voila's ``lab`` template without its links to a CDN), then runs Voila's
own entry point. The committed ``voila.json`` selects that template.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

SHARE = Path(__file__).resolve().parent / "share"
"""The Jupyter data folder holding ``voila/templates/cipherkit``."""


def main() -> None:
    paths = [str(SHARE), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))
    from voila.app import main as voila_main

    sys.exit(voila_main())


if __name__ == "__main__":
    main()

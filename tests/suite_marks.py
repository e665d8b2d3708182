"""Which tests start a browser or a server, decided from what they use, not remembered
per file (``tests/conftest.py`` applies it).

A test gets ``browser`` when it sits in ``tests/browser/`` or uses the ``browser``
fixture (Chromium), and ``server`` when it sits there or uses a fixture that starts a
Voila or ``cipherkit serve`` server. ``make test-fast`` deselects both. As a net under
these rules, :func:`started_kind` recognises a server or a browser in any command a test
runs, and the conftest fails a test that starts one without the matching mark.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

BROWSER_SUITE = Path(__file__).resolve().parent / "browser"
BROWSER_FIXTURES = frozenset({"browser"})
"""Fixtures that launch Chromium (``page``, ``phone``, ``contexts``... use ``browser``)."""
SERVER_FIXTURES = frozenset({"voila_servers", "voila_server", "server_processes"})
"""Fixtures that start servers (any fixture built on them counts too: pytest lists a
test's whole fixture closure in ``item.fixturenames``)."""

_SERVER = [
    re.compile(r"(^|\s)--Voila\.\S+"),  # voila_command's options
    re.compile(r"-m\s+\S*voila\S*"),  # python -m voila / -m cipherkit....voila_main
    re.compile(r"\bcipherkit(\.cli)?\s+serve\b"),  # the command line, or -m cipherkit.cli
    re.compile(r"\bimport\s+serve\b.*\bserve\("),  # python -c "from ... import serve; serve(…)"
]
_HELP = re.compile(r"(^|\s)(--help|-h)(\s|$)")
_BROWSER = [
    re.compile(r"\brun-driver\b"),  # Playwright's driver (it launches Chromium)
    re.compile(r"(^|/)chromium(\s|$)"),
]


def marks_for(path: Path, fixturenames: Iterable[str]) -> set[str]:
    """The marks a test at ``path`` using ``fixturenames`` must carry.

    >>> sorted(marks_for(BROWSER_SUITE / "test_x.py", []))
    ['browser', 'server']
    >>> sorted(marks_for(Path("tests/test_cli.py"), ["tmp_path", "server_processes"]))
    ['server']
    >>> marks_for(Path("tests/test_cli.py"), ["tmp_path"])
    set()
    """
    names = set(fixturenames)
    in_suite = BROWSER_SUITE in Path(path).resolve().parents
    marks = set()
    if in_suite or names & BROWSER_FIXTURES:
        marks.add("browser")
    if in_suite or names & SERVER_FIXTURES:
        marks.add("server")
    return marks


def started_kind(args: str | bytes | Sequence[object]) -> str | None:
    """``"server"`` if ``args`` (a command, as given to ``subprocess.Popen``) starts a
    Voila or ``cipherkit serve`` server, ``"browser"`` if it starts Playwright's driver or
    Chromium, else ``None``.

    >>> started_kind(["python", "-m", "cipherkit.cli", "serve", "puzzles"])
    'server'
    >>> started_kind(["node", "cli.js", "run-driver"])
    'browser'
    >>> started_kind(["python", "-m", "cipherkit.cli", "match", "decipher"]) is None
    True
    >>> started_kind(["cipherkit", "serve", "--help"]) is None
    True
    """
    if isinstance(args, bytes):
        text = args.decode("utf-8", "replace")
    elif isinstance(args, str):
        text = args
    else:
        text = " ".join(str(arg) for arg in args)
    if _HELP.search(text):
        return None  # ``cipherkit serve --help`` prints and exits
    if any(pattern.search(text) for pattern in _SERVER):
        return "server"
    if any(pattern.search(text) for pattern in _BROWSER):
        return "browser"
    return None

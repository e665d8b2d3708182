"""The window analysis of the mission being edited, kept up to date in the background.

Which glyphs settle the answer (:func:`cipherkit.playtest.windows.window_analysis`)
takes a second or more, too long to hold up an edit: :class:`LiveAnalysis` runs it in
the studio's worker process (:mod:`cipherkit.studio.workers`; a thread waits for it)
whenever the cipher's part of the mission changes, the newest request winning, and
reports ``running`` then ``done`` (the figures behind the verdict line ``cipherkit
playtest`` prints, the critical glyphs and the smallest sets that settle the answer);
:func:`analysis_words` adds the verdict in the viewer's language.

>>> from cipherkit.games.mission.format.files import load
>>> seen = []
>>> live = LiveAnalysis(seen.append)
>>> live.request(load("missions/01-lantern-archive.yaml"), "v1")
>>> live.wait()
>>> seen[-1]["state"], seen[-1]["critical"]
('done', ['kettle', 'teacup', 'acorn'])
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from cipherkit.games.mission.content.mission import Mission
from cipherkit.i18n import _, ngettext
from cipherkit.playtest.windows import window_analysis
from cipherkit.studio.workers import submit

__all__ = ["LIVE_SUBSETS", "LiveAnalysis", "analysis_words", "verdict_words"]

LIVE_SUBSETS = 50
"""Sets of one size examined exhaustively while editing (``cipherkit playtest`` looks
at more; the verdict says when larger sets were not all checked)."""


def verdict_words(state: dict[str, Any]) -> str:
    """Which glyphs settle the answer, in one line (as ``cipherkit playtest`` says it,
    without saying what the answer is), from a ``done`` state.

    >>> verdict_words({"minimum": 3, "windows": 3, "count": 1, "exhaustive": True,
    ...                "checked_below": 3, "critical": ["kettle", "teacup", "acorn"],
    ...                "sets": [["kettle", "teacup", "acorn"]]})
    'at least 3 glyphs (3 windows) must open before the answer is settled: \
kettle, teacup, acorn; critical: kettle, teacup, acorn'
    """
    minimum, count = state["minimum"], state["count"]
    if minimum is None or not state["sets"]:
        return _("the answer can never be settled: some answer window cannot open")
    first = ", ".join(state["sets"][0])
    if minimum == 1:
        return ngettext(
            "opening {first} alone settles the answer ({n} glyph does so alone): "
            "the rest of the card hardly matters",
            "opening {first} alone settles the answer ({n} glyphs do so alone): "
            "the rest of the card hardly matters",
            count,
            first=first,
        )
    if not state["exhaustive"] and minimum >= state["checked_below"]:
        return ngettext(
            "opening {first} ({n} glyph) settles the answer; no set of fewer than {checked} "
            "glyphs does (larger sets not all checked)",
            "opening {first} ({n} glyphs) settles the answer; no set of fewer than {checked} "
            "glyphs does (larger sets not all checked)",
            minimum,
            first=first,
            checked=state["checked_below"],
        )
    windows = ngettext("{n} window", "{n} windows", state["windows"] or 0)
    critical = ", ".join(state["critical"]) or _("none")
    if count > 1:
        return ngettext(
            "at least {n} glyph ({windows}) must open before the answer is settled: "
            "{first} (or {others}); critical: {critical}",
            "at least {n} glyphs ({windows}) must open before the answer is settled: "
            "{first} (or {others}); critical: {critical}",
            minimum,
            windows=windows,
            first=first,
            others=ngettext("{n} other set", "{n} other sets", count - 1),
            critical=critical,
        )
    return ngettext(
        "at least {n} glyph ({windows}) must open before the answer is settled: {first}; "
        "critical: {critical}",
        "at least {n} glyphs ({windows}) must open before the answer is settled: {first}; "
        "critical: {critical}",
        minimum,
        windows=windows,
        first=first,
        critical=critical,
    )


def analysis_words(state: dict[str, Any]) -> dict[str, Any]:
    """``state`` with its ``verdict`` in the language in force (``done`` and ``failed``)."""
    if state.get("state") == "done":
        return {**state, "verdict": verdict_words(state)}
    if state.get("state") == "failed":
        return {**state, "verdict": _("no analysis: {error}", error=state.get("error", ""))}
    return state


class LiveAnalysis:
    """The latest mission's window analysis, computed in a thread; ``report`` gets each
    state. :meth:`request` with the ``version`` already analysed does nothing."""

    def __init__(self, report: Callable[[dict[str, Any]], None], *, processes: bool = True) -> None:
        self._report = report
        self._processes = processes
        self._lock = threading.Lock()
        self._pending: tuple[Mission, str] | None = None
        self._thread: threading.Thread | None = None
        self._version: str | None = None

    def request(self, mission: Mission | None, version: str) -> None:
        """Analyse ``mission`` (``None``: a mission with an error, nothing to analyse)."""
        with self._lock:
            if version == self._version:
                return
            self._version = version
            if mission is None:
                self._pending = None
                self._report({"state": "none"})
                return
            self._pending = (mission, version)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="studio-windows")
                self._thread.daemon = True
                self._thread.start()
        self._report({"state": "running"})

    def wait(self, timeout: float | None = None) -> None:
        """Wait until nothing is left to analyse."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                job, self._pending = self._pending, None
                if job is None:
                    return
            mission, version = job
            try:
                if self._processes:
                    found = submit(window_analysis, mission, subset_limit=LIVE_SUBSETS).result()
                else:
                    found = window_analysis(mission, subset_limit=LIVE_SUBSETS)
                state = {
                    "state": "done",
                    "minimum": found.minimum,
                    "windows": found.minimum_windows,
                    "count": len(found.minimal_sets),
                    "exhaustive": found.exhaustive,
                    "checked_below": found.checked_below,
                    "critical": list(found.critical),
                    "sets": [list(s) for s in found.minimal_sets[:3]],
                }
            except Exception as exc:  # said in a sentence, never a traceback
                state = {"state": "failed", "error": type(exc).__name__}
            with self._lock:
                current = version == self._version and self._pending is None
            if current:
                self._report(state)

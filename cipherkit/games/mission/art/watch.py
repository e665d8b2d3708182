"""A live preview: ``cipherkit render MISSION --out DIR --watch``.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.art.watch``.

Examples
--------
>>> import pathlib, tempfile, cipherkit
>>> mission = pathlib.Path(cipherkit.__file__).parents[1] / "missions" / "01-lantern-archive.yaml"
>>> with tempfile.TemporaryDirectory() as out:
...     shown = redraw(mission, out)
...     page = (pathlib.Path(out) / "preview.html").read_text()
>>> shown.ok, [p.name for p in shown.written]
(True, ['lantern-archive-card.svg', 'lantern-archive-console.svg', 'lantern-archive-map.svg'])
>>> "The Lantern Archive" in page
True
"""

from __future__ import annotations

import html
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from cipherkit.games.mission.format.problems import Problem

PAGE = "preview.html"
SHOWN = ("card", "console", "map")
REFRESH_SECONDS = 1


@dataclass(frozen=True, slots=True)
class Redraw:
    """What one redraw did: the problems found, the files written and how long it took."""

    problems: tuple[Problem, ...]
    written: tuple[Path, ...] = ()
    seconds: float = 0.0
    page: Path | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        """Whether the mission loaded (no error) and was drawn."""
        return not any(p.is_error for p in self.problems)

    def line(self) -> str:
        """One line for the terminal."""
        errors = sum(p.is_error for p in self.problems)
        warnings = len(self.problems) - errors
        if not self.ok:
            return (
                f"{errors} error{'s' * (errors != 1)}: not redrawn ({self.seconds:.2f} s); "
                "the preview shows them"
            )
        tail = f", {warnings} warning{'s' * (warnings != 1)}" if warnings else ""
        return f"redrawn in {self.seconds:.2f} s{tail}"


def _signature(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def _write_whole(target: Path, text: str) -> None:
    """Write ``text`` beside ``target`` and rename it over: a browser refreshing the
    preview, or anything reading it, sees the old page or the new one, never half."""
    part = target.with_name(f".{target.name}.part")
    part.write_text(text, encoding="utf-8")
    os.replace(part, target)


def redraw(mission_path: str | Path, out_dir: str | Path, glyph_set: Any = None) -> Redraw:
    """Validate ``mission_path`` and draw its card, console and map into ``out_dir``
    (with ``preview.html``); errors go on the page instead of the drawings."""
    from cipherkit.games.mission.art.data import mission_glyph_map
    from cipherkit.games.mission.art.render import _prepare_out, mission_drawings
    from cipherkit.games.mission.format.files import load
    from cipherkit.games.mission.format.validate import validate_paths

    started = time.perf_counter()
    path = Path(mission_path)
    out = _prepare_out(out_dir)
    problems = tuple(validate_paths([path]))
    written: list[Path] = []
    drawings: list[tuple[str, str]] = []
    title = path.name
    if not any(p.is_error for p in problems):
        try:
            mission = load(path)
            key = mission_glyph_map(mission, glyph_set, path.parent)
            title = mission.title
            for name, drawing in mission_drawings(mission, key):
                if name not in SHOWN:
                    continue
                svg = drawing.svg()
                target = out / f"{mission.id}-{name}.svg"
                _write_whole(target, svg)
                written.append(target)
                drawings.append((name, svg))
        except Exception as exc:  # a glyph folder gone, a drawing that fails: in place
            problems += (Problem(str(path), None, "render", f"cannot draw: {exc}"),)
            drawings = []
    seconds = time.perf_counter() - started
    page = out / PAGE
    _write_whole(page, _page(title, problems, drawings, seconds))
    return Redraw(problems, tuple(written), round(seconds, 3), page)


def _page(
    title: str, problems: tuple[Problem, ...], drawings: list[tuple[str, str]], s: float
) -> str:
    esc = html.escape
    rows = "".join(
        f"<li class='{p.severity}'><b>{p.severity}</b> "
        f"<code>{esc(p.file)}{'' if p.line is None else ':' + str(p.line)}</code> "
        f"<code>{esc(p.path)}</code>: {esc(p.message)}</li>"
        for p in problems
    )
    failed = any(p.is_error for p in problems)
    body = (f"<ul class='problems'>{rows}</ul>" if rows else "") + "".join(
        f"<figure><figcaption>{esc(name)}</figcaption>{svg}</figure>" for name, svg in drawings
    )
    status = "errors: not redrawn" if failed else f"redrawn in {s:.2f} s"
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<meta http-equiv='refresh' content='{REFRESH_SECONDS}'>"
        f"<title>{esc(title)}: preview</title><style>"
        "body{font-family:sans-serif;margin:1em}li.error{color:#a11}li.warning{color:#835}"
        "figure{display:inline-block;vertical-align:top;margin:.5em}"
        "figure svg{max-width:46vw;height:auto}</style></head><body>"
        f"<h1>{esc(title)}</h1><p class='status'>{status}</p>{body}</body></html>"
    )


def watch_mission(
    mission_path: str | Path,
    out_dir: str | Path,
    *,
    glyph_set: Any = None,
    interval: float = 0.3,
    stop: Callable[[], bool] | None = None,
    stream: TextIO | None = None,
) -> int:
    """Redraw ``mission_path`` into ``out_dir`` now and each time it is saved, until
    ``stop()`` says so or Ctrl-C; every redraw and its time is a line on ``stream``."""
    stream = stream or sys.stdout
    path = Path(mission_path)
    interval = max(0.05, float(interval))
    seen: tuple[int, int] | None = None
    first = True
    print(f"watching {path}; the preview is {Path(out_dir) / PAGE} (Ctrl-C stops)", file=stream)
    try:
        while stop is None or not stop():
            now = _signature(path)
            if first or now != seen:
                seen = now
                first = False
                if now is None:
                    print(f"{path}: no such file (waiting for it)", file=stream, flush=True)
                else:
                    shown = redraw(path, out_dir, glyph_set)
                    for problem in shown.problems:
                        print(problem.labelled(), file=stream)
                    print(shown.line(), file=stream, flush=True)
            time.sleep(interval)
    except KeyboardInterrupt:
        print("stopped", file=stream)
    return 0

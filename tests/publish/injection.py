"""Injection strings and a mission file that carries them in every author field, for the
escaping tests (``tests/publish/test_escape.py``, ``tests/browser/test_injection.py``).

Each string, if it ever became live on a page, would set ``window.__pwned`` (and the
script ones the page's title to ``PWNED``); shown as text, it does nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

INJECTIONS = [
    "<script>window.__pwned=1;document.title='PWNED'</script>",
    '<img src=x onerror="window.__pwned=2">',
    '<svg onload="window.__pwned=3"></svg>',
    "[link](javascript:window.__pwned=4)",
    '<a href="#" onmouseover="window.__pwned=5">hover</a>',
    "\"><script>window.__pwned=6;document.title='PWNED'</script>",
    "![pic](javascript:window.__pwned=7)",
    '<iframe src="javascript:parent.__pwned=8"></iframe>',
    "<b onclick='window.__pwned=9'>*bold* `code` _u_ & &amp; $x$</b>",
]
"""What an attacker writes into a mission's words."""

ALL = " ".join(INJECTIONS)
MAX_TITLE = 120


def titles() -> list[str]:
    """The injection strings packed into mission titles of at most 120 characters
    (together they hold every string)."""
    out: list[str] = []
    for text in INJECTIONS:
        if out and len(out[-1]) + 1 + len(text) <= MAX_TITLE:
            out[-1] += " " + text
        else:
            out.append(text)
    return out


def evil_mission(number: int, title: str, next_id: str | None) -> str:
    """A small valid mission (two rooms, won in a few turns) with ``title`` and every
    other author field holding every injection string; its campaign win link goes on
    to ``next_id``."""
    text = json.dumps(ALL)
    story = json.dumps(ALL + "\n\n" + "\n".join(INJECTIONS))
    link = (
        f"campaign:\n  win: {{next: {next_id}, next_title: {text}, text: {text}}}\n"
        f"  loss: {{next: {next_id}, text: {text}}}\n"
        if next_id
        else ""
    )
    return f"""format: 1
id: evil-{number}
deal: fixed
title: {json.dumps(title)}
question: {text}
story: {story}
players: {{min: 1, max: 2}}
characters:
  - {{id: owl, name: {text}, ability: peek, text: {text}}}
  - lookout
glyphs:
  star: XYZZY
  moon: PLUGH
  wisp: null
card:
  text:
    - [star]
    - [moon]
solution: XYZZY PLUGH
map:
  rooms:
    hall: {{name: {text}, pos: [0, 0], tokens: [entrance], stack: [star]}}
    den: {{name: {text}, pos: [1, 0], stack: [moon, wisp]}}
  passages:
    - [hall, den]
{link}"""


def write_evil_missions(folder: Path) -> list[Path]:
    """One evil mission per packed title, each leading on to the next (a campaign)."""
    folder.mkdir(parents=True, exist_ok=True)
    packed = titles()
    files = []
    for i, title in enumerate(packed, start=1):
        following = f"evil-{i + 1}" if i < len(packed) else None
        file = folder / f"{i:02d}-evil-{i}.yaml"
        file.write_text(evil_mission(i, title, following), encoding="utf-8")
        files.append(file)
    return files

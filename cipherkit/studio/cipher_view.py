"""What the studio shows of a draft's cipher: the glyphs drawn in the chosen style, the
card's line cell by cell, and which windows each glyph opens.

The glyph drawings go to the page as ``data:`` images (an image never runs a script, and
the glyph set's own SVG is never put into the page as markup). A glyph's windows are
the card cells it covers: pointing at or focusing a glyph on the page lights them up.
The words (the set's label, each glyph's count of windows) are in the language in force.

>>> from cipherkit.studio.draft import Draft
>>> view = cipher_view(Draft.open("missions/04-harbour-clock.yaml"))
>>> view["label"], view["windows"]["buoy"], view["cells"][3]
('pigpen (seed 31)', [3, 7], {'glyph': 'buoy', 'content': 'I', 'word': 0})
>>> view["images"]["wave"].startswith("data:image/svg+xml;base64,")
True
"""

from __future__ import annotations

import base64
import functools
import json
from pathlib import Path
from typing import Any

from cipherkit.core.errors import CipherkitError
from cipherkit.glyphs.spec import glyph_set_from_spec
from cipherkit.i18n import _, ngettext
from cipherkit.studio.draft import Draft
from cipherkit.studio.yamltext import as_list, as_mapping

__all__ = ["cipher_view"]

DEFAULT_STYLE = "circuit"
"""The style a mission without ``glyph_set`` is drawn in (as the renderer does)."""
GLYPH_PIXELS = 48


@functools.lru_cache(maxsize=64)
def _images(
    spec: str, base: str, ids: tuple[str, ...]
) -> tuple[tuple[str, Any, Any], tuple[tuple[str, str], ...]]:
    """What the glyph set is (its style, seed and folder), and each glyph id with its
    drawing as a ``data:`` URL (cached: building the set and drawing are slow)."""
    glyph_set = glyph_set_from_spec(json.loads(spec), base)
    glyphs = glyph_set.assign(list(ids))
    out = []
    for gid, glyph in glyphs.items():
        svg = glyph.svg(GLYPH_PIXELS).encode("utf-8")
        out.append((gid, "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")))
    source = None if glyph_set.source is None else str(glyph_set.source)
    return (glyph_set.style, glyph_set.seed, source), tuple(out)


def _label(style: str, seed: Any, source: Any) -> str:
    """The glyph set in words: ``pigpen (seed 31)``, or the folder it is drawn from."""
    if source is not None:
        return _("folder {folder}", folder=source)
    if seed is None:
        return style
    return _("{style} (seed {seed})", style=style, seed=seed)


def _spec(data: dict[str, Any]) -> Any:
    spec = data.get("glyph_set")
    if isinstance(spec, dict | str) and spec:
        return spec
    seed = data.get("seed", 0)
    return {"style": DEFAULT_STYLE, "seed": seed if isinstance(seed, int) else 0}


def cipher_view(draft: Draft) -> dict[str, Any]:
    """The cipher's part of the page's view (see the module docs)."""
    data = as_mapping(draft.data)
    key = as_mapping(data.get("glyphs"))
    ids = tuple(str(g) for g in key)
    words = as_list(as_mapping(data.get("card")).get("text"))
    cells: list[dict[str, Any]] = []
    windows: dict[str, list[int]] = {gid: [] for gid in ids}
    for w, word in enumerate(words):
        for glyph in word if isinstance(word, list) else [word]:
            gid = str(glyph)
            windows.setdefault(gid, []).append(len(cells))
            content = key.get(gid) if gid in key else None
            cells.append(
                {"glyph": gid, "content": "" if content is None else str(content), "word": w}
            )
    spec = _spec(data)
    base = str(draft.path.parent if draft.path is not None else Path("."))
    try:
        about, drawn = _images(json.dumps(spec, sort_keys=True), base, ids)
        images, label = dict(drawn), _label(*about)
    except (CipherkitError, ValueError, TypeError, OSError):
        images, label = {}, _("no glyph set (see the issues)")
    return {
        "label": label,
        "glyphs": [
            {
                "id": gid,
                "content": "" if key[gid] is None else str(key[gid]),
                "windows": ngettext("{n} window", "{n} windows", len(windows[gid])),
            }
            for gid in ids
        ],
        "images": images,
        "cells": cells,
        "windows": windows,
    }

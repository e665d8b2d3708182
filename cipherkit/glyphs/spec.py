"""Naming a glyph set in a mission: by style and seed, or by folder.

A spec is a mapping ``{"style": "runes", "seed": 7}`` (``count`` optional, default 36),
``{"folder": "glyphs/"}`` (relative to ``base_dir``, the mission file's folder), or a
string: a style name (seed 0), ``"runes:7"``, or a folder path.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cipherkit.core.errors import CipherkitError
from cipherkit.glyphs.glyph import MAX_GLYPHS, GlyphSet
from cipherkit.glyphs.styles import STYLES, generate

DEFAULT_STYLE = "circuit"
"""The style of a mission that names no glyph set (its seed is the mission's seed)."""
SPEC_FIELDS = ("count", "folder", "seed", "style")

GlyphSpec = Mapping[str, Any] | str


def glyph_set_from_spec(spec: GlyphSpec, base_dir: str | Path = ".") -> GlyphSet:
    """The glyph set a spec names; :class:`CipherkitError` (one line) if it is wrong.

    Examples
    --------
    >>> from cipherkit.glyphs.spec import glyph_set_from_spec
    >>> glyph_set_from_spec({"style": "runes", "seed": 7}).label
    'runes (seed 7)'
    >>> glyph_set_from_spec("circuit:3") == glyph_set_from_spec({"style": "circuit", "seed": 3})
    True
    >>> glyph_set_from_spec({"style": "runes", "seeed": 7})
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: glyph set: unknown field 'seeed' (known: count, ...)
    """
    if isinstance(spec, GlyphSet):
        return spec
    if isinstance(spec, str):
        return _from_text(spec, Path(base_dir))
    if not isinstance(spec, Mapping):
        raise CipherkitError.say(
            "glyph set: expected a mapping or a string, not {spec!r}", spec=spec
        )
    unknown = sorted(set(spec) - set(SPEC_FIELDS))
    if unknown:
        raise CipherkitError.say(
            "glyph set: unknown field {field!r} (known: {known})",
            field=unknown[0],
            known=", ".join(SPEC_FIELDS),
        )
    if "folder" in spec:
        if "style" in spec or "seed" in spec:
            raise CipherkitError.say(
                "glyph set: give either a folder or a style and seed, not both"
            )
        folder = spec["folder"]
        if not isinstance(folder, str) or not folder:
            raise CipherkitError.say("glyph set: folder must be a path")
        return _folder(folder, Path(base_dir))
    style = spec.get("style", DEFAULT_STYLE)
    seed = spec.get("seed", 0)
    count = spec.get("count", MAX_GLYPHS)
    if not isinstance(style, str):
        raise CipherkitError.say(
            "glyph set: style must be one of {styles}", styles=", ".join(sorted(STYLES))
        )
    for name, value in (("seed", seed), ("count", count)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise CipherkitError.say(
                "glyph set: {name} must be a whole number, not {value!r}", name=name, value=value
            )
    return generate(style, seed, count)


def _from_text(text: str, base_dir: Path) -> GlyphSet:
    name, _, seed = text.partition(":")
    if name in STYLES:
        try:
            return generate(name, int(seed) if seed else 0)
        except ValueError:
            raise CipherkitError.say(
                "glyph set: seed {seed!r} is not a whole number", seed=seed
            ) from None
    return _folder(text, base_dir)


def _folder(folder: str, base_dir: Path) -> GlyphSet:
    from cipherkit.glyphs.folder import glyph_set_from_folder

    path = Path(folder)
    if not path.is_absolute():
        path = base_dir / path
    return glyph_set_from_folder(path, label=folder)
